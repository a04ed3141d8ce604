v='hello world'; r='<&>'
echo "${v/o/[&]}" ${v/o/[&]} "${v//o/\&}" "${v/o/"&"}" "${v/o/$r}" "${v/o/"$r"}" "${v/o/\\&}"
echo "${v//?/&&}" "${v/#h/&&}" "${v/%d/[&]}"
shopt patsub_replacement
shopt -u patsub_replacement
echo "${v/o/[&]}" "${v//o/$r}"
shopt patsub_replacement; echo "status=$?"
shopt -s patsub_replacement
echo "${v/w*/(&)}"
