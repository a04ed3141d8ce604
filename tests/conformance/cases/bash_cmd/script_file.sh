printf 'echo "$0 $# $1"\n' > s.sh
bash s.sh a b
