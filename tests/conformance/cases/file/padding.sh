printf "x\n" > a; printf "x\n" > longer_name; file a longer_name; file -N a longer_name
