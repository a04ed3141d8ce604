declare -i i=3
declare -r r=x
declare -x e=y
declare -p i r e
