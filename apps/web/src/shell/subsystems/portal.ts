import type { SubsystemModule } from '../subsystems';

/** The trading portal as a sub-system of the shell: its pages open in frames. */
export const portalSubsystem: SubsystemModule = {
  settings: {
    /** Frames of portal pages get at least this height so their own footers show. */
    frameMinHeight: 640,
  },
  messages: {
    'zh-CN': { loading: '正在打开交易门户页面…', frameTitle: '交易门户：{{title}}' },
    'en-US': { loading: 'Opening the trading portal page…', frameTitle: 'Trading portal: {{title}}' },
    'zh-TW': { loading: '正在開啟交易門戶頁面…', frameTitle: '交易門戶：{{title}}' },
  },
};
