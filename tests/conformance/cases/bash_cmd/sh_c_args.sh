sh -c 'echo "$0 $1"' zero one
