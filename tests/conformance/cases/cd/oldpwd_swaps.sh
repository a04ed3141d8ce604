mkdir x y
cd x; cd ../y; echo "${OLDPWD##*/} ${PWD##*/}"
cd - >/dev/null; echo "${OLDPWD##*/} ${PWD##*/}"
cd "$OLDPWD"; echo "${PWD##*/}"
