mkdir -p real/sub; ln -s real ln1; cd ln1/sub && echo "in ${PWD##*/}"; cd ..; ls
