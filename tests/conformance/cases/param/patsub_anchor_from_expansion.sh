# ${v/p/r} is anchored when the expanded pattern starts with # or %;
# nocasematch reaches pattern substitution but not ${v#p}.
v=abca
p='#a'; echo "${v/$p/X}" "${v//$p/X}"
p='%a'; echo "${v/$p/X}"
echo "${v/"#a"/X}" "${v/\#a/X}"
p='#'; w='a#b'; echo "${w/$p/X}"
arr=(xa ya); p='#x'; echo "${arr[@]/$p/Z}"
shopt -s nocasematch
V=ABC; echo "${V/b/x}" "${V//[a-b]/-}" "${V#a}" "${V%c}"
