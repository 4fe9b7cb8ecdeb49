import { useSearchParams } from 'react-router';

/**
 * The record a link points at (`?orderNo=`, `?spaceId=`), opened in the page's drawer; closing it
 * drops the parameter. A message's link opens its record this way.
 */
export function useOpenParam(name: string) {
  const [params, setParams] = useSearchParams();
  const value = params.get(name);
  const open = (next: string | null) =>
    setParams(
      (prev) => {
        const copy = new URLSearchParams(prev);
        if (next) copy.set(name, next);
        else copy.delete(name);
        return copy;
      },
      { replace: true },
    );
  return [value, open] as const;
}
