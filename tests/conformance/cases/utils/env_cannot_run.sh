# check-stderr
# env reports a command it cannot run in its own name, GNU style: 127 when
# nothing has the name, 126 for a directory.
env no_such_cmd_zz; echo $?
env ./no_such_file_zz; echo $?
mkdir d
env ./d; echo $?
env 'no_such_cmd_zz -x'; echo $?
env "it's"; echo $?
