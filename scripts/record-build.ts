// npm run build's last step (postbuild): notes that .next now holds a build of the sources as they are, so that
// npm start, the API examples and the chaos run serve it instead of building the same sources again.
import { buildState, recordBuild } from "./build-state";

recordBuild(buildState().sourceHash);
