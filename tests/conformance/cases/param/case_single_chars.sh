# Case changes go one character at a time: ß has no one-character upper
# case and stays, İ lowers to i, as bash's towupper/towlower give.
v=straße; echo "${v^^} ${v@U} ${v^}"
declare -u u=straße; echo "$u"
w=İX; echo "${w,,} ${w@L}"
declare -l l=İX; echo "$l"
t=ßa; echo "${t~~}"
shopt -s nocasematch; [[ ß == SS ]] || echo "ß is not SS"
