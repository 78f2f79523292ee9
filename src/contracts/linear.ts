// Symmetric positive definite systems, solved by their Cholesky factor (the ratings' fit, the card model's fit).

/** The lower Cholesky factor R (M = R·Rᵀ) of a symmetric positive definite n×n matrix, row-major, in place. */
export function cholesky(matrix: Float64Array, n: number): Float64Array {
  for (let j = 0; j < n; j++) {
    const rowJ = j * n;
    let diagonal = matrix[rowJ + j];
    for (let k = 0; k < j; k++) diagonal -= matrix[rowJ + k] ** 2;
    const root = Math.sqrt(Math.max(diagonal, 1e-300));
    matrix[rowJ + j] = root;
    for (let i = j + 1; i < n; i++) {
      const rowI = i * n;
      let sum = matrix[rowI + j];
      for (let k = 0; k < j; k++) sum -= matrix[rowI + k] * matrix[rowJ + k];
      matrix[rowI + j] = sum / root;
    }
  }
  return matrix;
}

/** x with R·Rᵀ·x = b. */
export function choleskySolve(factor: Float64Array, n: number, b: Float64Array): number[] {
  const y = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    let sum = b[i];
    for (let k = 0; k < i; k++) sum -= factor[i * n + k] * y[k];
    y[i] = sum / factor[i * n + i];
  }
  const x = Array<number>(n).fill(0);
  for (let i = n - 1; i >= 0; i--) {
    let sum = y[i];
    for (let k = i + 1; k < n; k++) sum -= factor[k * n + i] * x[k];
    x[i] = sum / factor[i * n + i];
  }
  return x;
}
