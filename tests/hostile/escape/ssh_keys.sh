# The sandbox's home is empty: no keys, no history, no dotfiles.
# expect-stop: none
# expect-stdout: /home/agent
# expect-stdout: 0
# expect-stderr-contains: cat: /home/agent/.ssh/id_rsa: No such file or directory
# expect-stderr-contains: cat: /root/.ssh/authorized_keys: No such file or directory
echo ~
ls -A ~ | wc -l
cat ~/.ssh/id_rsa
cat /root/.ssh/authorized_keys
true
