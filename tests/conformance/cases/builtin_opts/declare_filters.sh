# check-stderr
declare -i b=2
declare -r c=3
declare -x d=4
declare -l h=X
declare -u i=y
declare -n j=b
declare -pr | grep -w c
declare -px | grep -w d
declare -pn
declare -pl
declare -pu
declare -i | grep -w b
declare -ai arr=(1+1 2*3)
declare -p arr
declare -Ai ass=([x]=1+1)
declare -p ass
