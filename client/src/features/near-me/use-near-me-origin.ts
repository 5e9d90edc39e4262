import { useCallback, useState } from 'react';
import {
  type LocationFailure,
  locateDevice,
  type Origin,
  type ProvinceCentre,
  provinceOrigin,
} from './origin';

export type LocateStatus = 'idle' | 'locating' | 'located' | LocationFailure;

export interface NearMeOrigin {
  origin: Origin | null;
  status: LocateStatus;
  /** The province chosen in the list (kept when the device's position is used afterwards). */
  provinceId: number | null;
  locate(): Promise<void>;
  chooseProvince(provinceId: number | null): void;
}

/**
 * The origin of the near-me list: the device's position when the visitor shares it, else the centre
 * of the province they choose. A refusal leaves the province choice as the way on.
 */
export function useNearMeOrigin(
  provinces: readonly ProvinceCentre[],
  locator: typeof locateDevice = locateDevice,
): NearMeOrigin {
  const [origin, setOrigin] = useState<Origin | null>(null);
  const [status, setStatus] = useState<LocateStatus>('idle');
  const [provinceId, setProvinceId] = useState<number | null>(null);

  const locate = useCallback(async () => {
    setStatus('locating');
    const result = await locator();
    if (result.ok) {
      setOrigin(result.origin);
      setStatus('located');
    } else {
      setStatus(result.reason);
      setOrigin((current) => (current?.kind === 'device' ? null : current));
    }
  }, [locator]);

  const chooseProvince = useCallback(
    (id: number | null) => {
      setProvinceId(id);
      setOrigin(id === null ? null : provinceOrigin(provinces.find((p) => p.id === id)));
      setStatus((current) => (current === 'located' || current === 'locating' ? 'idle' : current));
    },
    [provinces],
  );

  return { origin, status, provinceId, locate, chooseProvince };
}
