# check-stderr
mkdir d
env -C d pwd | sed 's|.*/||'
env --chdir=d sh -c 'echo ${PWD##*/}'
env -C nodir true; echo "[$?]"
env -C d; echo "[$?]"
