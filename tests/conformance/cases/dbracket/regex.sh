if [[ 'ab12cd' =~ ([0-9]+)([a-z]+) ]]; then
  echo ${BASH_REMATCH[0]} ${BASH_REMATCH[1]} ${BASH_REMATCH[2]}
fi
