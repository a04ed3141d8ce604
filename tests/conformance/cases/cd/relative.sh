mkdir -p a/b
cd a/b
echo ${PWD##*/}
cd ..
echo ${PWD##*/}
