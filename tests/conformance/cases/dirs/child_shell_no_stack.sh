HOME=$PWD; mkdir a; pushd a >/dev/null; bash -c dirs; (dirs)
