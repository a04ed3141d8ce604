jq -c '[.[] | numbers], [.[] | strings], [.[] | arrays], [.[] | objects], [.[] | nulls], [.[] | booleans], [.[] | iterables], [.[] | scalars]' <<< '[1,"a",[2],{"b":3},null,true]'
jq -nc '[1,"a",[],{},null,true] | map(type)'
