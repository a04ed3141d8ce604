# check-stderr
shopt -p extglob nullglob
shopt -pq extglob; echo "st=$?"
shopt -q extglob nosuch; echo "st=$?"
shopt -op errexit noglob
shopt -os errexit; echo "${-//[^e]/}"; shopt -ou errexit
shopt -so noglob; shopt -o noglob; set +f
shopt -u -- nullglob; echo "st=$?"
shopt -s nullglob -u 2>&1; echo "st=$?"
shopt -p -o | head -2
shopt -oq pipefail; echo "st=$?"
shopt -s nullglob dotglob; shopt -p nullglob dotglob; shopt -u nullglob dotglob
shopt extglob nosuch; echo "st=$?"
shopt -s | head -3
shopt -u | head -2
