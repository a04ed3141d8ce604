trap 'echo a' INT
trap 'echo b' 15
trap 'echo c' SIGHUP
trap 'echo d' usr2
trap 'echo e' RTMIN+1
trap -p
