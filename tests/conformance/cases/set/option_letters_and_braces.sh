echo "$-"
set -v +v -f -C
echo "$-"
set +fC -o noclobber +o noclobber
echo "$-"
[[ -o braceexpand ]] && echo "braceexpand on"
set +B
[[ -o braceexpand ]] || echo "braceexpand off"
echo "$-" {x,y}
set -o braceexpand
echo {x,y}
