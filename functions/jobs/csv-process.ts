// Processes CSV files dropped into the uploads bucket (S3 notification). Not built yet: the uploads issue builds it.
import { notBuilt } from './not-built.ts';

export const implemented = false;

export async function handler(): Promise<void> {
  notBuilt('csvProcess');
}
