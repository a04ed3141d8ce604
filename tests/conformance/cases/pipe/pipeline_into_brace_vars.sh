echo hi | { read -r v; echo "inside $v"; }
echo "outside [${v-}]"
