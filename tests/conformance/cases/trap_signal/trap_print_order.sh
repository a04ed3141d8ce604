trap 'echo r' RETURN
trap 'echo e' ERR
trap 'echo x' EXIT
trap '' INT
trap ':' 64
trap -p
trap - EXIT
