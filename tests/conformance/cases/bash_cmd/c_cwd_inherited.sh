mkdir d; cd d
bash -c 'echo "${PWD##*/}"; ls ..'
