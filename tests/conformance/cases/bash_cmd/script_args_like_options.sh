printf 'echo "$@"\n' > s.sh
bash s.sh -x -y
