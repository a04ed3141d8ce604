printf 'one\ntwo\n' | xargs -I {} echo '[{}]' and {}
