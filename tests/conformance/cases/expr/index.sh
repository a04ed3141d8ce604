expr index hello lo; expr index hello z
