/**
 * ADK Python's trip_planner_agent eval fixture (tests/integration/fixture/trip_planner_agent) in
 * TypeScript: a trip planner with three sub-agents whose instructions read the session state
 * (initial.session.json, or a case's session_input). Its model replays the recorded conversations
 * (see ../replay-llm.ts).
 */
import { LlmAgent } from '../../../lib/index.js';
import { ReplayLlm } from '../replay-llm.js';

const model = ReplayLlm.ofApp(import.meta.url);

const identifyAgent = new LlmAgent({
  name: 'identify_agent',
  description: 'Select the best city based on weather, season, and prices.',
  model,
  instruction: `Analyze and select the best city for the trip based on specific criteria such as weather patterns,
seasonal events, and travel costs. Your final answer must be a detailed report on the chosen city.

Traveling from: {origin}
City Options: {cities}
Trip Date: {range}
Traveler Interests: {interests}`,
});

const gatherAgent = new LlmAgent({
  name: 'gather_agent',
  description: 'Provide the BEST insights about the selected city',
  model,
  instruction: `As a local expert on this city you must compile an in-depth guide for someone traveling there.

Trip Date: {range}
Traveling from: {origin}
Traveler Interests: {interests}`,
});

const planAgent = new LlmAgent({
  name: 'plan_agent',
  description: 'Create the most amazing travel itineraries with budget and packing suggestions for the city',
  model,
  instruction: `Expand this guide into a full 7-day travel itinerary with detailed per-day plans.

Trip Date: {range}
Traveling from: {origin}
Traveler Interests: {interests}`,
});

export const rootAgent = new LlmAgent({
  name: 'trip_planner',
  description: 'Plan the best trip ever',
  model,
  instruction: `Your goal is to plan the best trip according to information listed above.
You describe why did you choose the city, list top 3 attactions and provide a detailed itinerary for each day.`,
  subAgents: [identifyAgent, gatherAgent, planAgent],
});
