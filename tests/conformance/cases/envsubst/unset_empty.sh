echo 'a=[$NOPE_UNSET] b=[${NOPE_UNSET}]' | envsubst
