mkdir sub; printf x > sub/f; du | sort
