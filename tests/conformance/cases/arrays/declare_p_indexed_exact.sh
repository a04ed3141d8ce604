a=(plain 'with space' '' $'nl\nx' 'q"uote' 'd$ollar')
declare -p a
