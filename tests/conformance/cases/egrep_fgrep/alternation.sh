printf 'cat\ndog\nbird\n' | egrep 'cat|bird'; printf 'cat\ndog\n' | fgrep 'cat|bird'; echo $?
