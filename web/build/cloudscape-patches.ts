import type { Plugin } from 'vite';

export interface Patch {
  /** The module: its package and path under @cloudscape-design/ ("components/app-layout/internal.js"). */
  file: string;
  why: string;
  /** Exact text to find (must occur once) and its replacement. */
  edits: [find: string, replace: string][];
  /** Build only (true) or also the dev server. */
  buildOnly?: boolean;
}

/**
 * Small, guarded patches to Cloudscape modules. Each finds exact text; if Cloudscape changes the
 * file, the build warns and leaves it alone (the app still works, only the benefit is lost).
 */
export const CLOUDSCAPE_PATCHES: Patch[] = [
  {
    file: 'components/app-layout/internal.js',
    why:
      'AppLayout bundles three implementations and picks one at run time: "classic" (only without visual ' +
      'refresh, which this Cloudscape build always has on), "visual refresh" (what renders) and "toolbar" (only ' +
      'with the AWS-console global flags appLayoutWidget/appLayoutToolbar). Pointing the unused two at the ' +
      'visual-refresh one drops about 50 KB gzip (toolbar layout, its drawers, drag-and-drop) from the first load.',
    buildOnly: true,
    edits: [
      ["import ClassicAppLayout from './classic';", ''],
      ["import ToolbarAppLayout from './visual-refresh-toolbar';", ''],
      [
        "import RefreshedAppLayout from './visual-refresh';",
        "import RefreshedAppLayout from './visual-refresh';\nconst ClassicAppLayout = RefreshedAppLayout;\nconst ToolbarAppLayout = RefreshedAppLayout;",
      ],
    ],
  },
  {
    file: 'components/internal/utils/check-safe-url.js',
    why:
      'Every Link and Button with an href asks `new URL(href)` whether it is a javascript: URL; for a relative href ' +
      "(all of ours) that throws and the error is caught, on every render of each (a few percent of a phone's " +
      'first render). A URL with no scheme cannot be a javascript: URL and `new URL` without a base rejects it anyway, ' +
      'so it returns first; tabs and newlines are dropped and leading spaces trimmed first, as the URL parser does.',
    edits: [
      [
        '    let parsedUrl;\n    try {',
        '    if (!/^[a-z][a-z0-9+.-]*:/i.test(url.replace(/[\\t\\n\\r]/g, "").replace(/^[\\u0000-\\u0020]+/, ""))) {\n        return;\n    }\n    let parsedUrl;\n    try {',
      ],
    ],
  },
  {
    file: 'components/internal/hooks/use-performance-marks/index.js',
    why:
      'Primary buttons and tables mark "rendered"/"updated" for the AWS console\'s own telemetry, which this app does ' +
      'not read. Each mark first asks offsetWidth, offsetHeight and getComputedStyle in an effect, which forces a ' +
      "layout in the middle of React's commit, after every update of every table and primary button; on a phone's " +
      'first screen those forced layouts were the largest single cost after React itself. The hooks stay (same order ' +
      'and attributes); only the marks are off.',
    edits: [
      [
        'export function usePerformanceMarks(name, enabled, elementRef, getDetails, dependencies) {',
        'export function usePerformanceMarks(name, _enabled, elementRef, getDetails, dependencies) {\n    const enabled = () => false;',
      ],
    ],
  },
  {
    file: 'components/internal/hooks/use-base-component/index.js',
    why:
      "Every Cloudscape component reports itself on mount for the AWS console's telemetry (usage metrics, and a " +
      '"missing styles" check that arms a 1-second timer, an idle callback and an AbortController per component, ' +
      'cancelled on unmount). Outside the console both send nothing, but a page mounts hundreds of components: in a ' +
      "Lighthouse trace of the ledger on a phone these effects were about a third of React's largest commit. The " +
      'calls are dropped (unconditionally, so every render runs the same hooks); metadata and focus-visible stay.',
    edits: [
      [
        '    useComponentMetrics(componentName, { packageSource: PACKAGE_SOURCE, packageVersion: PACKAGE_VERSION, theme }, config);\n',
        '',
      ],
      ['    useMissingStylesCheck(elementRef);\n', ''],
    ],
  },
  {
    file: 'components/app-layout/visual-refresh/split-panel.js',
    why:
      'AppLayout wraps every page in a split-panel provider even when it has no split panel (this app has none): it ' +
      'reads document.documentElement.clientWidth while rendering, which forces a layout on each AppLayout render, ' +
      'and reports a size from an effect that re-renders AppLayout once more after mount. Its own comment says it ' +
      'should pass the children through when there is no split panel; the patch makes it do so.',
    buildOnly: true,
    edits: [
      [
        'splitPanelPosition, splitPanelRefs, splitPanelSize, } = useAppLayoutInternals();\n    const props = {',
        'splitPanelPosition, splitPanelRefs, splitPanelSize, splitPanel, } = useAppLayoutInternals();\n    if (!splitPanel) {\n        return React.createElement(React.Fragment, null, children);\n    }\n    const props = {',
      ],
    ],
  },
  {
    file: 'components/app-layout/visual-refresh/context.js',
    why:
      "AppLayout computes the split panel's default size (a third of the page's width) on every render, reading " +
      "document.documentElement.clientWidth, which forces a layout in the middle of React's render whenever the " +
      "page changed since the last one (in a phone's Lighthouse trace, a sixth of the ledger's mount). It is only " +
      'used when a split panel exists; this app has none, so the size is asked only then. Its layout effect that ' +
      'works out the room left for a split panel or a drawer beside the content (state only those read) runs only ' +
      'when there is one: with neither, its updates after mount rendered the layout again (about 30 components).',
    buildOnly: true,
    edits: [
      [
        'useControllable(props.splitPanelSize, props.onSplitPanelResize, getSplitPanelDefaultSize(splitPanelPosition), {',
        'useControllable(props.splitPanelSize, props.onSplitPanelResize, splitPanel ? getSplitPanelDefaultSize(splitPanelPosition) : 0, {',
      ],
      [
        'useLayoutEffect(function handleSplitPanelMaxWidth() {\n',
        'useLayoutEffect(function handleSplitPanelMaxWidth() {\n        if (!splitPanel && !hasDrawers && toolsHide) {\n            return;\n        }\n',
      ],
    ],
  },
  {
    file: 'components/content-layout/internal.js',
    why:
      "ContentLayout measures its header's background in a layout effect (a forced layout in the page's commit) and " +
      'reports the height to AppLayout, whose state then changes and renders the layout again in the same task, and ' +
      'again each time a page leaves or arrives. AppLayout is told to take no overlap from it (the Shell sets ' +
      'disableContentHeaderOverlap: no header here is high-contrast), so the height is not measured: the ref stays, ' +
      'unobserved.',
    edits: [['    const overlapElement = useDynamicOverlap();', '    const overlapElement = useRef(null);']],
  },
  {
    file: 'components/app-layout/visual-refresh/mobile-toolbar.js',
    why: 'aria-orientation is not allowed on <nav> (axe aria-allowed-attr on every phone page with a sidebar).',
    edits: [
      [
        '"aria-label": (_a = ariaLabels === null || ariaLabels === void 0 ? void 0 : ariaLabels.navigation) !== null && _a !== void 0 ? _a : undefined, "aria-orientation": "horizontal", className: clsx(styles[\'mobile-toolbar-nav\']',
        '"aria-label": (_a = ariaLabels === null || ariaLabels === void 0 ? void 0 : ariaLabels.navigation) !== null && _a !== void 0 ? _a : undefined, className: clsx(styles[\'mobile-toolbar-nav\']',
      ],
    ],
  },
  {
    file: 'components/container/use-sticky-header.js',
    why:
      'Every Container (and every table, cards and header built on it) walks all its ancestors in a layout effect, ' +
      'asking getComputedStyle(...).overflow of each, to decide the offset of a sticky header, and then sets state. ' +
      'The answer is read only when the header is sticky; for the others each walk is a style recalculation in ' +
      "React's commit for nothing (in a phone's Lighthouse trace of the dashboard, the costliest Cloudscape function " +
      'after the first measurement of its resize observers). The walk now runs when the header is sticky, and again ' +
      'if it becomes so.',
    edits: [
      [
        '    useLayoutEffect(() => {\n        if (rootRef.current) {\n            const overflowParents = getOverflowParents(rootRef.current);',
        '    useLayoutEffect(() => {\n        if (isSticky && rootRef.current) {\n            const overflowParents = getOverflowParents(rootRef.current);',
      ],
      ['    }, [rootRef]);', '    }, [rootRef, isSticky]);'],
    ],
  },
  {
    file: 'component-toolkit/mjs/internal/direction/index.js',
    why:
      "Components ask an element's computed `direction` to support right-to-left pages, in layout effects and while " +
      'measuring; after a DOM change each such getComputedStyle forces a style recalculation in the middle of ' +
      "React's commit (7% of the first commit of /reports in a phone's Lighthouse trace). This app sets no direction " +
      'in its CSS; a right-to-left page says so with the dir attribute, which the patch reads instead, without styles.',
    edits: [
      [
        "    return getComputedStyle(element).direction === 'rtl';",
        "    const withDir = element.closest ? element.closest('[dir]') : null;\n    return !!withDir && withDir.getAttribute('dir') === 'rtl';",
      ],
    ],
  },
  {
    file: 'components/top-navigation/use-top-navigation.js',
    why:
      'TopNavigation draws itself and its hidden measuring copy a second time right after it mounts (about 110 ' +
      'components, in the first task of every page), though nothing it shows has changed: three states go from ' +
      'their initial value to one that draws the same. Its width\'s breakpoint goes from none to "default" (drawn ' +
      'as "default" either way), its resize observer stores undefined over null, and the layout that fits (measured ' +
      'on the hidden copy, again whenever its utilities are a new list, as on each render of the header) is a new ' +
      'object each time. The patch keeps each state when the new value draws the same. ' +
      'The hidden copy, with every utility twice (with and without its text), is there only to measure which ' +
      'responsive state fits. A state that hides utility text differs only for a utility with both text and an icon ' +
      '(the others keep their text); without one, a search, a title beside the logo or a utility that may collapse, ' +
      'there is one state and nothing to measure. That is the header on a phone (AppHeader.tsx), where the copy was ' +
      "about two thirds of the bar's components. The state list counts only states that draw differently, and tells " +
      'the component (internal.js, below) to render the copy only when there are several.',
    edits: [
      [
        "import { useContainerBreakpoints } from '../internal/hooks/container-queries';",
        "import { getMatchingBreakpoint } from '../internal/breakpoints';",
      ],
      [
        "    const [breakpoint, breakpointRef] = useContainerBreakpoints(['xxs', 's']);",
        '    const [breakpoint, breakpointRef] = useContainerQuery((rect, previous) => {\n' +
          "        const next = getMatchingBreakpoint(rect.contentBoxWidth, ['xxs', 's'], previous !== null && previous !== void 0 ? previous : 'default');\n" +
          "        return next === 'default' && previous === null ? null : next;\n" +
          '    }, []);',
      ],
      [
        '    const [, containerQueryRef] = useContainerQuery(() => {\n        recalculateFit();\n    }, [recalculateFit]);',
        '    const [, containerQueryRef] = useContainerQuery(() => {\n        recalculateFit();\n        return null;\n    }, [recalculateFit]);',
      ],
      [
        '    const [responsiveState, setResponsiveState] = useState();\n',
        '    const [responsiveState, setShownState] = useState();\n' +
          '    const setResponsiveState = (next) => setShownState((shown) => JSON.stringify(shown !== null && shown !== void 0 ? shown : responsiveStates[0]) === JSON.stringify(next) ? shown : next);\n',
      ],
      [
        '    if (utilities.some(utility => utility.text)) {',
        '    if (utilities.some(utility => utility.text && !utility.disableTextCollapse && (utility.iconName || utility.iconUrl || utility.iconAlt || utility.iconSvg))) {',
      ],
      [
        '        isSearchExpanded: !!isSearchExpanded,\n',
        '        isSearchExpanded: !!isSearchExpanded,\n        measured: responsiveStates.length > 1,\n',
      ],
    ],
  },
  {
    file: 'components/top-navigation/internal.js',
    why:
      'With the patch above: the hidden measuring copy is rendered only when TopNavigation has more than one ' +
      'responsive state to choose between.',
    edits: [
      [
        'const { mainRef, virtualRef, breakpoint, responsiveState, isSearchExpanded, onSearchUtilityClick } = useTopNavigation(',
        'const { mainRef, virtualRef, breakpoint, responsiveState, isSearchExpanded, onSearchUtilityClick, measured } = useTopNavigation(',
      ],
      ['        content(true),\n', '        measured && content(true),\n'],
    ],
  },
  {
    file: 'components/app-layout/utils/use-app-layout-placement.js',
    why:
      "AppLayout watches its own element's size and stores where it stands (its inline start, end and width) as a new " +
      'object at every resize, so each time the content grew or shrank (a page, a part, a report arriving) it drew ' +
      'itself again with the same numbers: about 35 components, one to four times per load on a phone. It now keeps the ' +
      'state it has when the three numbers are the same.',
    edits: [
      [
        '        setOffsets({ insetInlineStart, insetInlineEnd: inlineSize - insetInlineEnd, inlineSize });',
        '        const next = { insetInlineStart, insetInlineEnd: inlineSize - insetInlineEnd, inlineSize };\n        setOffsets(shown => shown.insetInlineStart === next.insetInlineStart && shown.insetInlineEnd === next.insetInlineEnd && shown.inlineSize === next.inlineSize ? shown : next);',
      ],
    ],
  },
  {
    file: 'components/i18n/utils/i18n-formatter.js',
    why:
      "Each of Cloudscape's messages is an IntlMessageFormat, which resolves its locale through " +
      "Intl.NumberFormat.supportedLocalesOf: the page's first use of Intl's number formats, which costs 20–40 ms of " +
      'main thread while the browser loads its locale data, paid on every first load (docs/performance.md "No Intl ' +
      'on a first load"). English, the locale this app gives, is in every Intl build, so "en" resolves to itself ' +
      'without asking (what supportedLocalesOf answers for it); any other locale still asks.',
    edits: [
      [
        "import { getMatchableLocales } from './locales';",
        "import { getMatchableLocales } from './locales';\nconst resolveLocale = IntlMessageFormat.resolveLocale;\nIntlMessageFormat.resolveLocale = (locales) => (locales === 'en' ? new Intl.Locale('en') : resolveLocale(locales));",
      ],
    ],
  },
  {
    file: 'components/internal/components/visual-context/index.js',
    why:
      "A dropdown styles its list for the visual context it stands in (the top navigation's, an alert's), which it " +
      'finds in the DOM after it mounts, then draws itself again: the profile menu did so in both copies of the top ' +
      "navigation, about 60 components in the first task of every page. The context's element now also tells its " +
      'components through React, so a dropdown starts with the context it will find; the DOM still decides.',
    edits: [
      [
        "import React, { useLayoutEffect, useState } from 'react';",
        "import React, { createContext, useContext, useLayoutEffect, useState } from 'react';\nconst InheritedVisualContext = createContext('');",
      ],
      [
        "    const [value, setValue] = useState('');",
        '    const inherited = useContext(InheritedVisualContext);\n    const [value, setValue] = useState(inherited);',
      ],
      [
        '    return React.createElement("div", { className: clsx(getVisualContextClassname(contextName), className) }, children);',
        '    return React.createElement(InheritedVisualContext.Provider, { value: contextName }, React.createElement("div", { className: clsx(getVisualContextClassname(contextName), className) }, children));',
      ],
    ],
  },
];

export function cloudscapePatches(): Plugin {
  let building = false;
  return {
    name: 'rent:cloudscape-patches',
    enforce: 'pre',
    configResolved(config) {
      building = config.command === 'build';
    },
    transform(code, id) {
      const normalized = id.replace(/\\/g, '/').replace(/\?.*$/, '');
      const patch = CLOUDSCAPE_PATCHES.find((p) => normalized.endsWith(`/@cloudscape-design/${p.file}`));
      if (!patch || (patch.buildOnly && !building)) return null;
      const out = applyPatch(patch, code);
      if (out === null) {
        this.warn(`Cloudscape ${patch.file} changed; patch skipped (${patch.why.slice(0, 60)}...)`);
        return null;
      }
      return { code: out, map: null };
    },
  };
}

/** The module's code with the patch's edits, or null when one of its texts is not found exactly once. */
export function applyPatch(patch: Patch, code: string): string | null {
  let out = code;
  for (const [find, replace] of patch.edits) {
    if (out.split(find).length !== 2) return null;
    out = out.replace(find, replace);
  }
  return out;
}
