# Plain and exported variables of the other session are not here.
# peer: PEER_PLAIN=peer-secret-var-1; export PEER_EXPORTED=peer-secret-var-2
# expect-stop: none
# expect-stdout-prefix: [] []\n
# forbid: peer-secret-var
echo "[$PEER_PLAIN]" "[${PEER_EXPORTED-}]"
env; set; declare -p; export -p
