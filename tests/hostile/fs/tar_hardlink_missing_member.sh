# A tar holding only a hard link ('1') to a member it does not have.
# GNU tar 1.34 (checked): "Cannot hard link to 'missing': No such file
# or directory", then its failure summary, status 2; nothing is made.
# expect-stop: none
# expect-status: 2
# expect-stdout: hrw-r--r-- 0/0               0 1970-01-01 00:00 link link to missing
# expect-stderr: tar: link: Cannot hard link to 'missing': No such file or directory
# expect-stderr: tar: Exiting with failure status due to previous errors
# after: ls -A x | wc -l
# after-stdout: 0
z() { head -c "$1" /dev/zero; }
{ printf 'link'; z 96; printf '0000644\x000000000\x000000000\x00'; z 11 | tr '\0' 0; printf '\x00'; z 11 | tr '\0' 0; printf '\x00010146\x00 1missing'; z 93; printf 'ustar  '; z 1272; } > link.tar
tar tvf link.tar
mkdir x && tar xf link.tar -C x
