jq -rn '"<a href=\"x\">'"'"'&'"'"'</a>" | @html'
jq -rn '[1,"<"] | @html'
