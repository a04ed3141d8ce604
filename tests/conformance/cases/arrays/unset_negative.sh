a=(a b c)
unset 'a[-1]'
declare -p a
