mkdir a b
cd a
cd ../b
echo ${PWD##*/} ${OLDPWD##*/}
cd - > /dev/null
echo ${PWD##*/} ${OLDPWD##*/}
