/**
 * The run's answer to an MQTT request (`<base>/bridge/request/<name>`): carried out by the
 * operator's seam, as on the dashboard and the terminal, once its fields are within their
 * bounds; `fetch_verdicts` reads the journals of the run's matches.
 */
import { checkRequestFields } from '../settings/request-limits.ts';
import type { RequestHandler } from '../telemetry/publisher.ts';
import { err } from '../util/result.ts';
import type { RefereeControl } from './referee-control.ts';
import type { RefereeHost } from './referee-host.ts';
import { fetchVerdicts } from './verdict-fetch.ts';

export function requestHandler(control: RefereeControl, host: RefereeHost): RequestHandler {
  return (name, body) => {
    const sizes = checkRequestFields(name, body);
    if (!sizes.ok) return Promise.resolve(err(sizes.error));
    switch (name) {
      case 'fetch_verdicts':
        return Promise.resolve(fetchVerdicts(host, body));
      case 'new_match':
        return control.newMatch(body);
      case 'end_game_by_agreement':
        return control.endGameByAgreement(body);
      case 'attribute_interference':
        return control.attributeInterference(body);
      case 'start_calibration':
        return control.startCalibration(body);
      case 'report_blind_cell':
        return control.reportBlindCell(body);
      case 'hint':
        return control.hint(body);
    }
  };
}
