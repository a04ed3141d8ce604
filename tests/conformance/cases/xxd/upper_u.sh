printf '\252\273\314\335\356\377abc' | xxd -u
printf '\252\273' | xxd -u -p
