zz() { :; }
aa() { :; }
declare -F
declare -F aa
