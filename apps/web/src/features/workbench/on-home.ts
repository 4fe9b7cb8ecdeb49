import { lazy } from 'react';

/** The workbench on another page (the shell's home): its code and chart library download when it first shows. */
export const WorkbenchOnHome = lazy(() => import('./workbench-page').then((m) => ({ default: m.EmbeddedWorkbench })));
