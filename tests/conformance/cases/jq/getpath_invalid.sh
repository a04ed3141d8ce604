jq -nc '[1,2] | getpath([5]), getpath([0])'
jq -nc 'try ([1] | getpath(["a"])) catch "err"'
jq -nc 'null | getpath(["a",0,"b"])'
