declare -a a=(one 'two three' "four")
declare -p a
