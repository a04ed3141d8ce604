H=$PWD; mkdir a; pushd a >/dev/null; popd >/dev/null; echo "${PWD#$H}." "${OLDPWD#$H}"
