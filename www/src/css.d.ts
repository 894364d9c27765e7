// A stylesheet bundled as its text (esbuild's text loader, scripts/build.sh).
declare module '*.css' {
  const text: string;
  export default text;
}
