/**
 * The simulated referee board: physics, load cells, firmware protocol, and transports
 * (a serialport binding for in-process use, a socat pseudo-terminal for other processes).
 * See docs/simulator.md.
 */
export { createSimBoard, SimBoard, SIM_ERROR_CODES } from './sim-board.ts';
export type {
  ActionError,
  LinkFaults,
  LinkSink,
  SimBoardOptions,
  SimBoardParts,
  SimError,
  SimErrorCode,
  SimLink,
  StepOutcome,
} from './sim-board.ts';
export { simScript, SimScript, DEFAULT_ROLL_MS } from './script.ts';
export type { SimAction, SimStep, WellRef } from './script.ts';
export { BoardPhysics, DEFAULT_PHYSICS, PHYSICS_ERROR_CODES, areNeighbours, wellOf } from './physics.ts';
export type { ImpactParameters, PhysicsError, PhysicsErrorCode, PhysicsParameters, PhysicsSnapshot } from './physics.ts';
export { CELL_FAULT_KINDS, DEFAULT_SENSORS, SensorBank } from './sensors.ts';
export type { CellFault, CellFaultKind, CellSample, SensorParameters } from './sensors.ts';
export { SAMPLE_PERIOD_MS, SIM_FIRMWARE_VERSION, SimFirmware } from './firmware.ts';
export type { FirmwareConfig, FirmwarePorts } from './firmware.ts';
export { LoadSum, RigidBoard } from './rigid-body.ts';
export { REFERENCE_PHYSICS } from './rigid-body.ts';
export type { BoardGeometry, Point, SimGamePhysics, Statics } from './rigid-body.ts';
export { SIM_GRID, SIM_PIECES, SIM_START_LAYOUT, formatLayout, parseLayout } from './layout.ts';
export type { LayoutError } from './layout.ts';
export { REFERENCE_HARDWARE, cellGrams, cellMapOf } from './cell-map.ts';
export type { CellMap } from './cell-map.ts';
export { OrnsteinUhlenbeck } from './noise.ts';
export type { DriftParameters } from './noise.ts';
export { Rng } from '../../util/rng.ts';
export {
  BOARD_BAUD_RATE,
  SIM_PATH_PREFIX,
  SimBinding,
  SimBindingRegistry,
  SimPortBinding,
  registerSimBoard,
  simPath,
  unregisterSimBoard,
} from './binding.ts';
export type { SimPortInfo } from './binding.ts';
export { SimPty, PTY_ERROR_CODES } from './pty.ts';
export type { PtyError, PtyErrorCode, SimPtyOptions } from './pty.ts';
