H=$PWD; mkdir a; cd a; echo "${OLDPWD#$H}." "${PWD#$H}"; cd - >/dev/null; echo "${OLDPWD#$H}" "${PWD#$H}."
