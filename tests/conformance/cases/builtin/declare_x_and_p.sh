declare -x DX=1
declare -p DX
