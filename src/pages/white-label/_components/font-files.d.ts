// Font files imported by fonts.ts resolve to their URL (Docusaurus's url-loader/file-loader).
declare module '*.woff2' {
  const url: string;
  export default url;
}
