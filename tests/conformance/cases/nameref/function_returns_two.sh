split_kv() { local -n _k=$2 _v=$3; _k=${1%%=*}; _v=${1#*=}; }
split_kv name=value key val
echo "$key|$val"
