times | sed 's/[0-9]/N/g'
times extra | wc -l
