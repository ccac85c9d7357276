/**
 * ADK Python's home_automation_agent eval fixture (tests/integration/fixture/home_automation_agent)
 * in TypeScript: ten tools over an in-memory home (devices, temperatures, schedules, users). Its
 * model replays the conversations recorded in the eval files here and in test_files/ (old format
 * and multi-turn included; see ../replay-llm.ts).
 */
import { FunctionTool, LlmAgent } from '../../../lib/index.js';
import { ReplayLlm } from '../replay-llm.js';

const DEVICES = new Map<string, { status: string; location: string }>([
  ['device_1', { status: 'ON', location: 'Living Room' }],
  ['device_2', { status: 'OFF', location: 'Bedroom' }],
  ['device_3', { status: 'OFF', location: 'Kitchen' }],
]);
const TEMPERATURES = new Map<string, number>([
  ['Living Room', 22],
  ['Bedroom', 20],
  ['Kitchen', 24],
]);
const SCHEDULES = new Map<string, { time: string; status: string }>([
  ['device_1', { time: '18:00', status: 'ON' }],
  ['device_2', { time: '22:00', status: 'OFF' }],
]);
const USER_PREFERENCES = new Map<string, { preferred_temp: number; location: string }>([
  ['user_x', { preferred_temp: 21, location: 'Living Room' }],
  ['user_y', { preferred_temp: 23, location: 'Living Room' }],
]);

const str = (description: string) => ({ type: 'string', description });
const tool = <A extends Record<string, unknown>>(name: string, description: string, properties: Record<string, unknown>, required: string[], execute: (args: A) => unknown) =>
  new FunctionTool<A>({ name, description, parameters: { type: 'object', properties, required }, execute });

const tools = [
  tool<{ device_id: string }>('get_device_info', 'Get the current status and location of a AC device.', { device_id: str('The unique identifier of the device.') }, ['device_id'], ({ device_id }) => DEVICES.get(device_id) ?? 'Device not found'),
  tool<{ device_id: string; status?: string; location?: string }>(
    'set_device_info',
    'Update the information of a AC device, specifically its status and/or location.',
    { device_id: str('Required. The unique identifier of the device.'), status: str("The new status: 'ON' or 'OFF'."), location: str("The new location: 'Living Room', 'Bedroom' or 'Kitchen'.") },
    ['device_id'],
    ({ device_id, status, location }) => {
      const device = DEVICES.get(device_id);
      if (device && status) return (DEVICES.set(device_id, { ...device, status }), `Device ${device_id} information updated: status -> ${status}.`);
      if (device && location) return (DEVICES.set(device_id, { ...device, location }), `Device ${device_id} information updated: location -> ${location}.`);
      return 'Device not found';
    },
  ),
  tool<{ location: string }>('get_temperature', 'Get the current temperature in celsius of a location.', { location: str('The location.') }, ['location'], ({ location }) => TEMPERATURES.get(location) ?? 'Location not found'),
  tool<{ location: string; temperature: number }>(
    'set_temperature',
    'Set the desired temperature in celsius for a location. Acceptable range: 18-30 celsius.',
    { location: str('The location.'), temperature: { type: 'integer', description: 'The desired temperature in celsius.' } },
    ['location', 'temperature'],
    ({ location, temperature }) => (TEMPERATURES.has(location) ? (TEMPERATURES.set(location, temperature), `Temperature in ${location} set to ${temperature}°C.`) : 'Location not found'),
  ),
  tool<{ user_id: string }>('get_user_preferences', 'Get the temperature preferences and preferred location of a user_id.', { user_id: str('The unique identifier of the user.') }, ['user_id'], ({ user_id }) => USER_PREFERENCES.get(user_id) ?? 'User not found'),
  tool<{ device_id: string; time: string; status: string }>(
    'set_device_schedule',
    'Schedule a device to change its status at a specific time.',
    { device_id: str('The device.'), time: str("The time, 'HH:MM'."), status: str("'ON' or 'OFF'.") },
    ['device_id', 'time', 'status'],
    ({ device_id, time, status }) => (DEVICES.has(device_id) ? (SCHEDULES.set(device_id, { time, status }), `Device ${device_id} scheduled to turn ${status} at ${time}.`) : 'Device not found'),
  ),
  tool<{ device_id: string }>('get_device_schedule', 'Retrieve the schedule of a device.', { device_id: str('The device.') }, ['device_id'], ({ device_id }) => SCHEDULES.get(device_id) ?? 'Schedule not found'),
  tool<{ celsius: number }>('celsius_to_fahrenheit', 'Convert Celsius to Fahrenheit.', { celsius: { type: 'integer' } }, ['celsius'], ({ celsius }) => (celsius * 9) / 5 + 32),
  tool<{ fahrenheit: number }>('fahrenheit_to_celsius', 'Convert Fahrenheit to Celsius.', { fahrenheit: { type: 'number' } }, ['fahrenheit'], ({ fahrenheit }) => Math.trunc(((fahrenheit - 32) * 5) / 9)),
  tool<{ status?: string; location?: string }>('list_devices', 'Retrieve a list of AC devices, filtered by status and/or location when provided.', { status: str('Filter by status.'), location: str('Filter by location.') }, [], ({ status, location }) => {
    const found = [...DEVICES].filter(([, d]) => (!status || d.status === status) && (!location || d.location === location)).map(([device_id, d]) => ({ device_id, ...d }));
    return found.length > 0 ? found : 'No devices found matching the criteria.';
  }),
];

export const rootAgent = new LlmAgent({
  name: 'Home_automation_agent',
  model: ReplayLlm.ofApp(import.meta.url),
  instruction: 'You are Home Automation Agent. You are responsible for controlling the devices in the home.',
  tools,
});
